/** Display Mode socket contract (transactions service gateway). */
export const DISPLAY_NAMESPACE = '/display';

export interface DisplayAgent {
  agent_id: number;
  name: string;
  status: 'active' | 'inactive';
  roles: string[];
  profile_image_path: string | null;
}

/** Server -> client events. */
export interface DisplayServerEvents {
  'display:welcome': (payload: { team_id: number; team_name: string | null; server_time: string }) => void;
  /** Fresh roster of the team's agents (read copy fed by identity events). */
  'display:agents': (payload: { team_id: number; agents: DisplayAgent[]; updated_at: string }) => void;
}

/** Client -> server events. */
export interface DisplayClientEvents {
  'display:refresh': () => void;
}
