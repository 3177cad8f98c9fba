import { useEffect, useState } from 'react';
import type { DisplayServerEvents } from '@app/contracts';
import { useDisplayConnection } from './DisplaySocketProvider';

export type WelcomePayload = Parameters<DisplayServerEvents['display:welcome']>[0];

/** The server's greeting on each connect ('display:welcome'): team id and name, server time. */
export function useWelcome(): WelcomePayload | null {
  const { socket } = useDisplayConnection();
  const [welcome, setWelcome] = useState<WelcomePayload | null>(null);

  useEffect(() => {
    if (!socket) return;
    const onWelcome: DisplayServerEvents['display:welcome'] = (payload) => setWelcome(payload);
    socket.on('display:welcome', onWelcome);
    return () => {
      socket.off('display:welcome', onWelcome);
    };
  }, [socket]);

  return welcome;
}
