import { useEffect, useRef, useState } from 'react';
import type { DisplayDataPush, DisplayServerEvents, DisplaySubscribeAck, DisplaySubscription } from '@app/contracts';
import { useDisplayConnection } from './DisplaySocketProvider';

/** How long display:subscribe waits for its ack; a server without the push never answers, which is fine. */
export const SUBSCRIBE_ACK_TIMEOUT_MS = 5_000;

export type SubscribeState = 'idle' | 'pending' | 'subscribed' | 'refused' | 'unanswered';

/**
 * Follows one slide over the socket ('display:subscribe', leaving the previous one) and hands its pushes
 * ('display:data') to `onPush` under `key`, the key the screen files the slide's figures under. The
 * subscription is sent only while connected and again after a reconnect that lost the server's session
 * (or that follows a change made while down). The HTTP fetch stays the source of the first figures: a
 * refused or unanswered subscription only means no live updates.
 */
export function useDisplayData(
  subscription: DisplaySubscription | null,
  key: string | null,
  onPush: (push: DisplayDataPush) => void,
): SubscribeState {
  const { socket } = useDisplayConnection();
  const [state, setState] = useState<SubscribeState>('idle');
  const onPushRef = useRef(onPush);
  onPushRef.current = onPush;
  const wanted = subscription ? JSON.stringify(subscription) : null;

  useEffect(() => {
    if (!socket || !wanted || !key) {
      setState('idle');
      return;
    }
    const current = JSON.parse(wanted) as DisplaySubscription;
    let disposed = false;
    // The key the server answered with, in case it spells it differently from ours.
    let ackKey: string | null = null;
    // Whether this subscription already went out on a live connection (else a reconnect must send it).
    let sentWhileConnected = socket.connected;

    const subscribe = () => {
      if (!socket.connected) return;
      setState('pending');
      socket.timeout(SUBSCRIBE_ACK_TIMEOUT_MS).emit('display:subscribe', current, (error: Error | null, answer?: DisplaySubscribeAck) => {
        if (disposed) return;
        if (error || !answer) return setState('unanswered');
        if (answer.ok) {
          ackKey = answer.key;
          setState('subscribed');
        } else setState('refused');
      });
    };
    const onConnect = () => {
      // A recovered connection keeps its room (this effect re-subscribes on every change of slide).
      if (!socket.recovered || !sentWhileConnected) subscribe();
      sentWhileConnected = true;
    };
    const onData: DisplayServerEvents['display:data'] = (push) => {
      if (push.key === key || (ackKey !== null && push.key === ackKey)) onPushRef.current({ ...push, key });
    };

    subscribe();
    socket.on('connect', onConnect);
    socket.on('display:data', onData);
    return () => {
      disposed = true;
      socket.off('connect', onConnect);
      socket.off('display:data', onData);
    };
  }, [socket, wanted, key]);

  return state;
}
