import type { ReviewKind } from '@cabdesk/contract';
import type { ActiveStatus } from './active-switch';
import { ApprovalActions } from './approval-actions';
import { StatusControl } from './status-control';

/** A record a detail page decides on: its Active status and its approval. */
interface Decided {
  id: number;
  status: string;
  status_reason: string | null;
  approval: string;
}

/** A mutation as these controls call it. */
interface Call<Input> {
  isPending: boolean;
  mutateAsync: (input: Input) => Promise<unknown>;
}

interface RecordDecisionsProps {
  kind: ReviewKind;
  record: Decided;
  /** Who or what is decided on, for the questions ("Ann Lee", "AB-123"). */
  name: string;
  statusUpdate: Call<{ id: number; status: ActiveStatus; reason?: string }>;
  approval: Call<{ id: number; approval: 'Rejected'; reason: string }>;
  /** Whether the Active switch is shown (a company's only once approved). */
  withStatus?: boolean;
}

/** A detail page's decisions: the Active switch, then approve (on the desk) or reject. */
export function RecordDecisions({
  kind,
  record,
  name,
  statusUpdate,
  approval,
  withStatus = true,
}: RecordDecisionsProps) {
  return (
    <>
      {withStatus ? (
        <StatusControl
          status={record.status}
          reason={record.status_reason}
          name={name}
          pending={statusUpdate.isPending}
          onChange={(status, reason) => statusUpdate.mutateAsync({ id: record.id, status, reason })}
        />
      ) : null}
      <ApprovalActions
        variant="buttons"
        approval={record.approval}
        name={name}
        pending={approval.isPending}
        kind={kind}
        id={record.id}
        onReject={(reason) => approval.mutateAsync({ id: record.id, approval: 'Rejected', reason })}
      />
    </>
  );
}
