import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ACCOUNT_LABELS } from '../messages';
import { passwordSuggestions, type PasswordSuggestion } from './passwordRules';

const ORDER: PasswordSuggestion[] = ['uppercase', 'numeric', 'special', 'minLength'];

/** The strength suggestions (uppercase, numeric, special character, min 8), ticked as they are met. */
export const PasswordSuggestions = ({ password }: { password: string }) => {
  const missing = new Set(passwordSuggestions(password));
  return (
    <Box data-testid="password-suggestions" sx={{ mt: 1, mb: 1 }}>
      <Typography variant="caption" color="text.secondary">
        {ACCOUNT_LABELS.passwordSuggestionsTitle}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {ORDER.map((key) => {
          const met = !missing.has(key);
          return (
            <Box
              component="li"
              key={key}
              data-testid={`password-suggestion-${key}`}
              data-met={met ? 'true' : 'false'}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, color: met ? 'success.main' : 'text.secondary' }}
            >
              {met ? <CheckCircleIcon fontSize="inherit" /> : <RadioButtonUncheckedIcon fontSize="inherit" />}
              <Typography variant="body2" component="span">
                {ACCOUNT_LABELS.suggestions[key]}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
};
