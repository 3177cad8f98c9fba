import { useEffect, useState } from 'react';
import type { DisplayServerEvents } from '@app/contracts';
import { useDisplayConnection } from './DisplaySocketProvider';

export type AgentsRosterPayload = Parameters<DisplayServerEvents['display:agents']>[0];

// The server sends the roster on connect; ask again if it has not arrived by then.
const ASK_AGAIN_AFTER_MS = 5_000;

/**
 * The team's agents from 'display:agents'. The last roster received stays while the socket is
 * down, so the screen keeps showing good data through a network loss.
 */
export function useAgentsRoster(): AgentsRosterPayload | null {
  const { socket } = useDisplayConnection();
  const [roster, setRoster] = useState<AgentsRosterPayload | null>(null);

  useEffect(() => {
    if (!socket) return;
    let askTimer: ReturnType<typeof setTimeout> | undefined;
    const stopAsking = () => {
      if (askTimer !== undefined) clearTimeout(askTimer);
      askTimer = undefined;
    };
    const onAgents: DisplayServerEvents['display:agents'] = (payload) => {
      stopAsking();
      setRoster(payload);
    };
    const onConnect = () => {
      stopAsking();
      // A recovered connection replays what was missed; a fresh one gets the roster pushed.
      if (socket.recovered) return;
      askTimer = setTimeout(() => socket.emit('display:refresh'), ASK_AGAIN_AFTER_MS);
    };
    socket.on('display:agents', onAgents);
    socket.on('connect', onConnect);
    return () => {
      stopAsking();
      socket.off('display:agents', onAgents);
      socket.off('connect', onConnect);
    };
  }, [socket]);

  return roster;
}
