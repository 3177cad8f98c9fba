import { createContext, useContext, type ReactNode } from 'react';
import type { SessionManager } from '../session/session-manager';
import { useDisplaySocket, type DisplayConnection } from './useDisplaySocket';

const DisplayConnectionContext = createContext<DisplayConnection | null>(null);

export function DisplaySocketProvider({ session, children }: { session: SessionManager; children: ReactNode }) {
  const connection = useDisplaySocket(session);
  return <DisplayConnectionContext.Provider value={connection}>{children}</DisplayConnectionContext.Provider>;
}

export function useDisplayConnection(): DisplayConnection {
  const connection = useContext(DisplayConnectionContext);
  if (!connection) throw new Error('useDisplayConnection must be used inside <DisplaySocketProvider>');
  return connection;
}
