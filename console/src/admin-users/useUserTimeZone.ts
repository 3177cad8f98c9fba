import type { UserProfile } from '@app/contracts';
import { useGetOne, type RaRecord } from 'react-admin';
import { SINGLETON_ID } from '../dataProvider/resources';

/**
 * The signed-in user's time zone (their profile), in which the tables show dates: the CSV download
 * writes its dates in the same zone, so both read alike. null until known (the browser's zone).
 */
export function useUserTimeZone(): string | null {
  const { data } = useGetOne<UserProfile & RaRecord>('profile', { id: SINGLETON_ID });
  return data?.timezone ?? null;
}
