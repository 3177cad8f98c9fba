import type { EsignField, EsignRole } from '@app/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, useEffect, useState } from 'react';
import type { BuilderAction } from './builderState';
import { BUILDER_LABELS as L, BUILDER_MESSAGES as M } from './messages';
import { roleColour, roleColourClass } from './roles';

const RoleRow = ({
  role,
  roles,
  active,
  fieldCount,
  dispatch,
  onRemove,
}: {
  role: EsignRole;
  roles: readonly EsignRole[];
  active: boolean;
  fieldCount: number;
  dispatch: (action: BuilderAction) => void;
  onRemove: () => void;
}) => {
  // The typed name; an empty one is not kept (a role always has a name).
  const [draft, setDraft] = useState(role.name);
  useEffect(() => setDraft(role.name), [role.name]);
  const colour = roleColour(roles, role.uuid);
  const empty = !draft.trim();
  return (
    <Box
      data-testid={`builder-role-${role.uuid}`}
      data-colour={roleColourClass(roles, role.uuid)}
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, borderLeft: 4, borderColor: colour, pl: 0.5 }}
    >
      <Radio
        checked={active}
        onChange={() => dispatch({ type: 'activateRole', uuid: role.uuid })}
        size="small"
        // Tight, so that the name beside it shows whole in the tools' column ('Second Party', 'Third Party').
        sx={{ p: 0.5, mt: 0.5, color: colour, '&.Mui-checked': { color: colour } }}
        slotProps={{ input: { 'aria-label': `${role.name} (${fieldCount})` } }}
      />
      <TextField
        size="small"
        label={L.roleName}
        value={draft}
        error={empty}
        helperText={empty ? M.required : undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          if (event.target.value.trim()) dispatch({ type: 'renameRole', uuid: role.uuid, name: event.target.value });
        }}
        onFocus={() => dispatch({ type: 'activateRole', uuid: role.uuid })}
        sx={{ flex: 1, minWidth: 0 }}
      />
      <IconButton aria-label={`${L.removeRole} ${role.name}`} onClick={onRemove} size="small" sx={{ mt: 0.5 }}>
        <DeleteOutlineIcon fontSize="small" />
      </IconButton>
    </Box>
  );
};

/** The template's roles: add, rename, remove; the chosen one gets the fields dropped next. */
export const RolesPanel = memo(function RolesPanel({
  roles,
  fields,
  activeRoleUuid,
  dispatch,
}: {
  roles: readonly EsignRole[];
  fields: readonly EsignField[];
  activeRoleUuid: string | null;
  dispatch: (action: BuilderAction) => void;
}) {
  const [confirming, setConfirming] = useState<EsignRole | null>(null);
  const countOf = (uuid: string) => fields.filter((field) => field.role_uuid === uuid).length;
  const remove = (role: EsignRole) => {
    // A destructive action asks first: only when the role has fields to lose.
    if (countOf(role.uuid) > 0) setConfirming(role);
    else dispatch({ type: 'removeRole', uuid: role.uuid });
  };
  return (
    <Box data-testid="builder-roles" component="section" aria-label={L.roles}>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {L.roles}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {roles.map((role) => (
          <RoleRow
            key={role.uuid}
            role={role}
            roles={roles}
            active={role.uuid === activeRoleUuid}
            fieldCount={countOf(role.uuid)}
            dispatch={dispatch}
            onRemove={() => remove(role)}
          />
        ))}
      </Box>
      <Button size="small" startIcon={<AddIcon />} onClick={() => dispatch({ type: 'addRole' })} sx={{ mt: 1 }}>
        {L.addRole}
      </Button>
      <Dialog open={!!confirming} onClose={() => setConfirming(null)}>
        <DialogContent>
          <DialogContentText>{confirming ? M.confirmRemoveRole(confirming.name, countOf(confirming.uuid)) : ''}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>{L.cancel}</Button>
          <Button
            color="error"
            onClick={() => {
              if (confirming) dispatch({ type: 'removeRole', uuid: confirming.uuid });
              setConfirming(null);
            }}
          >
            {L.remove}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
});
