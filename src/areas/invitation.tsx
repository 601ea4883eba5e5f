/**
 * Invited accounts in the users', supervisors' and providers' screens, one definition for the three
 * (docs/decisions/0063-invitations.md): the status cell with "Invited", "Invitation expired" or
 * "Invitation revoked" beside the account's status, the Resend and Revoke actions (lists, details
 * pages), and the invitation's notice with those actions above an invited account's edit form.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { MessageDescriptor } from '@lingui/core';
import { MailPlus, MailX } from 'lucide-react';
import type { AccountInvitation, InvitableKey, Language } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { Alert, Button } from '@/components/ui';
import { call } from '@/lib/api';
import { useActionContext, useRecordActions } from '@/resources/actions';
import { Badge, dateTime, StatusBadge, type STATUS_LABELS } from '@/resources/cells';
import type { BaseRecord } from '@/resources/queries';
import type { AreaAction, AreaConfig, RenderContext } from '@/resources/types';

/** A record of an invitable area. */
export type Invitable = BaseRecord & {
  status: keyof typeof STATUS_LABELS;
  invitation: AccountInvitation;
};

type State = 'pending' | 'expired' | 'revoked';

/** Where an invitation stands, on the reader's clock (null: the account has a password). */
const stateOf = (invitation: AccountInvitation, now = Date.now()): State | null => {
  if (!invitation) return null;
  if (invitation.revoked || invitation.expiresAt === null) return 'revoked';
  return new Date(invitation.expiresAt).getTime() <= now ? 'expired' : 'pending';
};

const BADGE: Record<State, { text: MessageDescriptor; tone: 'amber' | 'grey' | 'red' }> = {
  pending: { text: msg`Invited`, tone: 'amber' },
  expired: { text: msg`Invitation expired`, tone: 'red' },
  revoked: { text: msg`Invitation revoked`, tone: 'grey' },
};

export function InvitationBadge({ invitation, ctx }: { invitation: AccountInvitation; ctx: RenderContext }) {
  const state = stateOf(invitation);
  if (!state) return null;
  return (
    <Badge tone={BADGE[state].tone}>
      <span data-testid="invitation" data-invitation={state}>
        {ctx.i18n._(BADGE[state].text)}
      </span>
    </Badge>
  );
}

/** The account's status, and its invitation beside it while it has no password. */
export function AccountStatus({
  row,
  ctx,
  labels,
}: {
  row: Invitable;
  ctx: RenderContext;
  labels?: Record<keyof typeof STATUS_LABELS, MessageDescriptor>;
}) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <StatusBadge status={row.status} ctx={ctx} {...(labels ? { labels } : {})} />
      <InvitationBadge invitation={row.invitation} ctx={ctx} />
    </span>
  );
}

/** The invitation: its badge and, while it has one, until when its link works (or worked). */
function InvitationState({ invitation, ctx }: { invitation: AccountInvitation; ctx: RenderContext }) {
  if (!invitation) return <>—</>;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <InvitationBadge invitation={invitation} ctx={ctx} />
      {invitation.expiresAt && !invitation.revoked && (
        <time dateTime={invitation.expiresAt}>{dateTime(invitation.expiresAt, ctx)}</time>
      )}
    </span>
  );
}

/** The details page's item (a dash once the account has its own password). */
export const invitationDetail = {
  label: msg`Invitation`,
  value: (row: Invitable, ctx: RenderContext) => <InvitationState invitation={row.invitation} ctx={ctx} />,
};

/** Resend and revoke, on the area's endpoints (`/api/<key>/:id/invitation`). */
export const invitationActions = <T extends Invitable>(key: InvitableKey): AreaAction<T>[] => [
  {
    id: 'resend-invitation',
    label: msg`Resend invitation`,
    icon: MailPlus,
    visible: (row) => row.invitation !== null,
    run: async (row) => {
      const answer = await call(routes[`${key}InvitationResend`], { params: { id: row.id } });
      // A link made but not mailed: told as a failure (the former link no longer works either).
      if (!answer.data.mailed) throw new Error(answer.message);
      return answer;
    },
  },
  {
    id: 'revoke-invitation',
    label: msg`Revoke invitation`,
    icon: MailX,
    danger: true,
    // No confirmation: Resend undoes it (the account stays, without a password).
    visible: (row) => row.invitation !== null && !row.invitation.revoked,
    run: async (row) => call(routes[`${key}InvitationRevoke`], { params: { id: row.id } }),
  },
];

const INVITATION_ACTIONS = new Set(['resend-invitation', 'revoke-invitation']);

/** Above an invited account's edit form: where its invitation stands, with Resend and Revoke. */
export function InvitationNotice<T extends Invitable>({ area, row }: { area: AreaConfig<T>; row: T }) {
  const { i18n } = useLingui();
  const context = useActionContext();
  const { start, dialogs } = useRecordActions(area);
  if (!row.invitation) return null;
  const actions = (area.actions ?? []).filter(
    (action) => INVITATION_ACTIONS.has(action.id) && (action.visible?.(row, context) ?? true),
  );
  return (
    <Alert kind="info">
      <div data-testid="invitation-notice">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{i18n._(invitationDetail.label)}</span>
          <InvitationState invitation={row.invitation} ctx={{ i18n, language: i18n.locale as Language }} />
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          {actions.map((action) => {
            const Icon = action.icon;
            return (
              <Button
                key={action.id}
                type="button"
                variant={action.danger ? 'danger' : 'secondary'}
                onClick={() => start(action, row)}
                data-testid={`notice-${action.id}`}
              >
                {Icon && <Icon aria-hidden="true" className="size-4" />}
                {i18n._(action.label)}
              </Button>
            );
          })}
        </div>
      </div>
      {dialogs}
    </Alert>
  );
}
