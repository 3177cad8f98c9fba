import { useEffect, useState, useSyncExternalStore } from 'react';
import { Slideshow, type SlideshowAction, type SlideshowState } from './slideshow';

/** The slideshow of `count` slides: playing on start, its timer stopped when the screen goes. */
export function useSlideshow(count: number): { state: SlideshowState; dispatch: (action: SlideshowAction) => void } {
  const [show] = useState(() => new Slideshow());
  const state = useSyncExternalStore(show.subscribe, show.getState);

  useEffect(() => {
    show.dispatch({ type: 'setCount', count });
  }, [show, count]);

  useEffect(() => {
    show.start();
    return () => show.stop();
  }, [show]);

  return { state, dispatch: show.dispatch };
}
