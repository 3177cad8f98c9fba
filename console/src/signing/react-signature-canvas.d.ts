// react-signature-canvas 1.0.x ships no types: the part of its API the signature dialog uses.
declare module 'react-signature-canvas' {
  import type { CanvasHTMLAttributes, Component } from 'react';

  export interface SignatureCanvasProps {
    canvasProps?: CanvasHTMLAttributes<HTMLCanvasElement> & { [data: `data-${string}`]: string | undefined };
    penColor?: string;
    backgroundColor?: string;
    minWidth?: number;
    maxWidth?: number;
    velocityFilterWeight?: number;
    dotSize?: number;
    throttle?: number;
    /** Clears the drawing when the window resizes (default true); false keeps it. */
    clearOnResize?: boolean;
    onBegin?: () => void;
    onEnd?: () => void;
  }

  export default class SignatureCanvas extends Component<SignatureCanvasProps> {
    clear(): void;
    isEmpty(): boolean;
    toDataURL(type?: string, encoderOptions?: number): string;
    /** A copy of the canvas cut to the drawing. */
    getTrimmedCanvas(): HTMLCanvasElement;
    getCanvas(): HTMLCanvasElement;
  }
}
