import type { VendorInviteCreated, VendorInviteRecord, VendorInviteRequest } from '@app/contracts';
import AddLinkIcon from '@mui/icons-material/AddLink';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import StorefrontIcon from '@mui/icons-material/Storefront';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, Form, SelectInput, TextInput, useDataProvider, useNotify, type RaRecord } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { PageFrame, SectionCard } from '../shared/page/PageFrame';
import { messageOf } from '../shared/forms/fieldErrors';
import { ListLoadState } from '../shared/load/LoadState';
import { ListTable, type ListColumn } from '../shared/table/ListTable';
import { submitErrors } from '../shared/forms/submitErrors';
import { useResourceList } from '../shared/load/useResourceList';
import type { WriteMeta } from '../dataProvider/dataProvider';
import { EmailInput } from '../shared/form-fields';
import { canRevoke, INVITES, inviteeOf, inviteRequestOf, shortDate, statusLabel, VENDOR_TYPE_CHOICES } from './inviteRules';
import { VENDOR_MESSAGES as M } from './messages';

const STATUS_COLOR = { pending: 'primary', used: 'success', expired: 'default', revoked: 'default' } as const;

/** The server's answer to a write (the link of a new invite, the message of a revoke). */
const answerOf = <T,>(result: { meta?: unknown }) => (result.meta as WriteMeta | undefined)?.answer as T;

/**
 * The invite writes, through the data provider and React Query: their answers are not invite rows
 * (the link is shown once, the revoke's message is the server's), so these are not useCreate/useDelete.
 * Either one refreshes the invite list.
 */
function useInviteWrites() {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const refreshList = () => queryClient.invalidateQueries({ queryKey: [INVITES, 'getList'] });
  const create = useMutation({
    mutationFn: async (request: VendorInviteRequest) =>
      answerOf<VendorInviteCreated>(await dataProvider.create(INVITES, { data: request })),
  });
  const revoke = useMutation({
    mutationFn: async (invite: VendorInviteRecord & RaRecord) =>
      answerOf<{ status?: string; message?: string } | null>(
        await dataProvider.delete(INVITES, { id: invite.invite_id, previousData: invite }),
      ),
    onSuccess: refreshList,
  });
  return { create, revoke, refreshList };
}

const CreateButton = () => {
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="invite-dialog-create">
      {M.create}
    </Button>
  );
};

/** Invite Vendor: email, company and vendor type, then the link with Copy. */
const InviteDialog = ({ onClose }: { onClose: (created: boolean) => void }) => {
  const notify = useNotify();
  const { create } = useInviteWrites();
  const [created, setCreated] = useState<VendorInviteCreated | null>(null);
  const submit = async (values: Record<string, unknown>) => {
    const request = inviteRequestOf(values);
    try {
      setCreated(await create.mutateAsync(request));
      notify(request.email ? M.inviteMailed(request.email) : M.inviteCreated, { type: 'success' });
      return undefined;
    } catch (error) {
      return submitErrors(error, notify, ['email', 'name', 'vendor_type']);
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created!.url);
      notify(M.copied, { type: 'info' });
    } catch {
      // No clipboard (an insecure origin): the link stays selected in its field for a manual copy.
      document.querySelector<HTMLInputElement>('[data-testid="invite-link"] input')?.select();
    }
  };
  return (
    <Dialog
      open
      onClose={() => onClose(!!created)}
      fullWidth
      maxWidth="sm"
      data-testid="invite-dialog"
      aria-labelledby="invite-dialog-title"
    >
      <DialogTitle id="invite-dialog-title">{M.inviteVendor}</DialogTitle>
      {created ? (
        <>
          <DialogContent>
            <Alert severity="info" sx={{ mb: 2 }}>
              {M.linkOnce}
            </Alert>
            <TextField
              label={M.inviteLink}
              value={created.url}
              fullWidth
              slotProps={{
                input: {
                  readOnly: true,
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton aria-label={M.copy} onClick={copy} edge="end" data-testid="invite-link-copy">
                        <ContentCopyIcon />
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
              onFocus={(event) => event.target.select()}
              data-testid="invite-link"
            />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={copy} startIcon={<ContentCopyIcon />}>
              {M.copy}
            </Button>
            <Button variant="contained" onClick={() => onClose(true)} data-testid="invite-dialog-close">
              {M.close}
            </Button>
          </DialogActions>
        </>
      ) : (
        <Form onSubmit={submit} mode="onBlur" disableInvalidFormNotification>
          <DialogContent>
            <EmailInput source="email" label={M.email} fullWidth data-testid="invite-email" />
            <TextInput source="name" label={M.company} fullWidth data-testid="invite-name" />
            <SelectInput
              source="vendor_type"
              label={M.vendorType}
              choices={VENDOR_TYPE_CHOICES}
              fullWidth
              data-testid="invite-vendor-type"
            />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={() => onClose(false)} data-testid="invite-dialog-cancel">
              {M.cancel}
            </Button>
            <CreateButton />
          </DialogActions>
        </Form>
      )}
    </Dialog>
  );
};

/** /app/admin/vendor-invites (ADMIN, TRANC): invite links to the Vendor Enrollment Form, with Revoke. */
const VendorInvitesPage = () => {
  const notify = useNotify();
  const invites = useResourceList<VendorInviteRecord & RaRecord>(INVITES);
  const writes = useInviteWrites();
  const [inviting, setInviting] = useState(false);
  const [revoking, setRevoking] = useState<VendorInviteRecord | null>(null);
  const [busy, setBusy] = useState(false);

  const revoke = async () => {
    if (!revoking) return;
    setBusy(true);
    try {
      const answer = await writes.revoke.mutateAsync(revoking as VendorInviteRecord & RaRecord);
      notify(answer?.message || M.inviteRevoked, { type: 'success' });
    } catch (error) {
      notify(messageOf(error, M.inviteNotFound), { type: 'error' });
    } finally {
      setBusy(false);
      setRevoking(null);
    }
  };

  const columns: ListColumn<VendorInviteRecord>[] = [
    {
      key: 'invitee',
      header: M.columns.invitee,
      render: (invite) => <span data-testid={`invite-invitee-${invite.invite_id}`}>{inviteeOf(invite)}</span>,
    },
    { key: 'vendor_type', header: M.columns.vendor_type, render: (invite) => invite.vendor_type ?? '—' },
    {
      key: 'status',
      header: M.columns.status,
      render: (invite) => (
        <Chip
          size="small"
          variant="outlined"
          color={STATUS_COLOR[invite.status]}
          label={statusLabel(invite.status)}
          data-testid={`invite-status-${invite.invite_id}`}
        />
      ),
    },
    { key: 'expires', header: M.columns.expires, render: (invite) => shortDate(invite.expires_at) },
    { key: 'vendor', header: M.columns.vendor, render: (invite) => invite.vendor_name ?? '—' },
  ];
  const list = invites.data ?? [];

  return (
    <PageFrame title={M.invitesTitle} testId="vendor-invites-page" maxWidth={1000}>
      <SectionCard>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {M.invitesIntro}
        </Typography>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
          <Button variant="contained" startIcon={<AddLinkIcon />} onClick={() => setInviting(true)} data-testid="invite-vendor">
            {M.inviteVendor}
          </Button>
        </Box>
        <ListLoadState
          testIdPrefix="invites"
          error={invites.error}
          onRetry={invites.reload}
          loading={invites.loading && !invites.data}
          empty={list.length === 0}
          emptyIcon={<StorefrontIcon fontSize="large" />}
          emptyText={M.noInvites}
        >
          <ListTable
            testId="invites-table"
            minWidth={640}
            dimmed={invites.loading}
            columns={columns}
            rows={list}
            rowKey={(invite) => invite.invite_id}
            rowAttributes={(invite) => ({ 'data-testid': `invite-row-${invite.invite_id}`, 'data-status': invite.status })}
            actions={(invite) =>
              canRevoke(invite) ? (
                <Button
                  size="small"
                  color="error"
                  startIcon={<LinkOffIcon />}
                  onClick={() => setRevoking(invite)}
                  data-testid={`invite-revoke-${invite.invite_id}`}
                >
                  {M.revoke}
                </Button>
              ) : null
            }
          />
        </ListLoadState>
      </SectionCard>
      {inviting && (
        <InviteDialog
          onClose={(created) => {
            setInviting(false);
            if (created) void writes.refreshList();
          }}
        />
      )}
      <Confirm
        isOpen={!!revoking}
        loading={busy}
        title={M.revokeTitle}
        content={`${revoking ? inviteeOf(revoking) : ''}: ${M.revokeDetail}`}
        confirm={M.revoke}
        cancel={M.cancel}
        confirmColor="warning"
        onConfirm={revoke}
        onClose={() => setRevoking(null)}
      />
    </PageFrame>
  );
};

export default VendorInvitesPage;
