import { ROLE_LABELS, type UserProfile } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Title, useGetOne, type RaRecord } from 'react-admin';
import { SINGLETON_ID } from '../dataProvider/resources';
import { HOME_MESSAGES } from './messages';

type ProfileRecord = UserProfile & RaRecord;

/** Home page at /app: greets the user with the profile from GET /api/user/profile. */
export const HomePage = () => {
  const { data: profile, isPending, error } = useGetOne<ProfileRecord>('profile', { id: SINGLETON_ID });

  return (
    <Box data-testid="home-page" sx={{ py: 2, maxWidth: 960 }}>
      <Title title={HOME_MESSAGES.title} />
      <Card>
        <CardContent>
          {isPending ? (
            <Stack spacing={1} data-testid="home-loading">
              <Skeleton variant="text" width="40%" height={40} />
              <Skeleton variant="text" width="25%" />
            </Stack>
          ) : error || !profile ? (
            <Alert severity="error" data-testid="home-error">
              {(error as Error | null)?.message || HOME_MESSAGES.loadFailed}
            </Alert>
          ) : (
            <Stack spacing={1.5}>
              <Typography variant="h4" component="h1" data-testid="home-welcome">
                {HOME_MESSAGES.welcome(profile.first_name)}
              </Typography>
              <Typography variant="subtitle1" color="text.secondary">
                {HOME_MESSAGES.team}:{' '}
                <Box component="span" data-testid="home-team" sx={{ color: 'text.primary', fontWeight: 600 }}>
                  {profile.team?.name}
                </Box>
              </Typography>
              {profile.roles?.length > 0 && (
                <Stack direction="row" spacing={1} alignItems="center" aria-label={HOME_MESSAGES.roles}>
                  {profile.roles.map((role) => (
                    <Chip key={role} size="small" label={ROLE_LABELS[role] ?? role} />
                  ))}
                </Stack>
              )}
              <Typography variant="body2" color="text.secondary">
                {HOME_MESSAGES.intro}
              </Typography>
            </Stack>
          )}
        </CardContent>
      </Card>
    </Box>
  );
};
