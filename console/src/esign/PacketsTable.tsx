import type { EsignPacketBlueprint, TransactionTypeOption } from '@app/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useMemo } from 'react';
import { EsignTable, type EsignColumn } from './EsignTable';
import { withPacketSort, withPage, withPerPage, type PacketListState } from './listState';
import { ESIGN_TEMPLATE_LABELS as L, rowAction } from './messages';
import { packetTemplateNames } from './packetForm';
import { transactionTypeLabel } from './templateForm';
import type { EsignListLoad } from './useEsignList';

/** The Packet table (spec 002 section 2.4): Name, Transaction Type, Templates (in order); Edit Packet, Delete. */
export const PacketsTable = ({
  list,
  state,
  onState,
  transactionTypes,
  mobile,
  onEdit,
  onDelete,
}: {
  list: EsignListLoad<EsignPacketBlueprint>;
  state: PacketListState;
  onState: (update: (state: PacketListState) => PacketListState) => void;
  transactionTypes: readonly TransactionTypeOption[];
  mobile: boolean;
  onEdit: (packet: EsignPacketBlueprint) => void;
  onDelete: (packet: EsignPacketBlueprint) => void;
}) => {
  const columns = useMemo<EsignColumn<EsignPacketBlueprint>[]>(
    () => [
      { field: 'name', header: L.name, sortable: true, render: (row) => row.name },
      { field: 'type_id', header: L.transactionType, sortable: true, render: (row) => transactionTypeLabel(row.type_id, transactionTypes) },
      {
        field: 'templates',
        header: L.packetTemplatesColumn,
        render: (row) => (
          <span style={{ whiteSpace: 'normal' }} data-testid="esign-packet-template-names">
            {packetTemplateNames(row)}
          </span>
        ),
      },
    ],
    [transactionTypes],
  );

  const actions = (row: EsignPacketBlueprint) => (
    <>
      <Tooltip title={L.editPacket}>
        <IconButton
          size="small"
          aria-label={rowAction(L.editPacket, row.name)}
          onClick={() => onEdit(row)}
          data-testid={`esign-packet-edit-${row.esig_packet_blueprint_id}`}
        >
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={L.delete}>
        <IconButton
          size="small"
          color="error"
          aria-label={rowAction(L.delete, row.name)}
          onClick={() => onDelete(row)}
          data-testid={`esign-packet-delete-${row.esig_packet_blueprint_id}`}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </>
  );

  return (
    <EsignTable<EsignPacketBlueprint>
      testId="esign-packets-table"
      columns={columns}
      rows={list.rows}
      rowKey={(row) => row.esig_packet_blueprint_id}
      loading={list.loading}
      error={list.error}
      onRetry={list.reload}
      emptyText={L.packetsEmpty}
      state={state}
      total={list.total}
      onPage={(page) => onState((current) => withPage(current, page))}
      onPerPage={(perPage) => onState((current) => withPerPage(current, perPage))}
      onSort={(field) => onState((current) => withPacketSort(current, field))}
      actions={actions}
      scrollLabel={L.packetsRegion}
      mobile={mobile}
    />
  );
};
