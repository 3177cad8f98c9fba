import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Title } from 'react-admin';

/**
 * Frame of an account screen: page title (app bar and heading) and a card. `help` sits beside the
 * heading (the screen's HelpTooltip).
 */
export const PageFrame = ({
  title,
  testId,
  children,
  maxWidth = 720,
  aside,
  help,
}: {
  title: string;
  testId: string;
  children: ReactNode;
  maxWidth?: number;
  aside?: ReactNode;
  help?: ReactNode;
}) => (
  <Box data-testid={testId} sx={{ py: 2 }}>
    <Title title={title} />
    <Box
      sx={{
        display: 'flex',
        gap: 2,
        alignItems: 'flex-start',
        // Side card under the form at 960px and less.
        flexDirection: { xs: 'column', sm: 'row' },
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0, maxWidth, width: '100%' }}>
        {help ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 2 }}>
            <Typography variant="h5" component="h1">
              {title}
            </Typography>
            {help}
          </Box>
        ) : (
          <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
            {title}
          </Typography>
        )}
        {children}
      </Box>
      {aside && <Box sx={{ width: { xs: '100%', sm: 320 }, flexShrink: 0 }}>{aside}</Box>}
    </Box>
  </Box>
);

export const SectionCard = ({ title, children, testId }: { title?: string; children: ReactNode; testId?: string }) => (
  <Card sx={{ mb: 2 }} data-testid={testId}>
    <CardContent>
      {title && (
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
      )}
      {children}
    </CardContent>
  </Card>
);

/** Inputs side by side on wide screens, stacked at 960px and less (spec 000 section 9). */
export const FormRow = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'flex', gap: { xs: 0, sm: 2 }, flexDirection: { xs: 'column', sm: 'row' }, '& > *': { flex: 1 } }}>{children}</Box>
);
