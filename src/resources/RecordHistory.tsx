/** The History tab of a record: its audit trail (docs/decisions/0017-audit-trail.md). */
import type { AuditQuery } from '@/contract';
import { useSession } from '@/app/session';
import { AuditEntries } from './AuditTrail';
import { areaWords } from './audit-values';
import type { BaseRecord } from './queries';
import type { AreaConfig } from './types';

/**
 * The trail's resource of a record: users are recorded by role (a supervisor's and a provider's
 * account are their areas' records).
 */
const auditResourceOf = (key: string, row: BaseRecord): AuditQuery['resource'] => {
  const role = (row as { role?: unknown }).role;
  if (key === 'user' && role === 'manager') return 'supervisor';
  if (key === 'user' && role === 'serviceprovider') return 'serviceprovider';
  // A door account's entries are a user's, even in the supervisors area (server/audit/trail.ts).
  if (key === 'supervisor' && role === 'door') return 'user';
  return key as AuditQuery['resource'];
};

export function RecordHistory<T extends BaseRecord>({ area, row }: { area: AreaConfig<T>; row: T }) {
  const { role } = useSession();
  const words = areaWords(area);
  return (
    <section
      className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      data-testid="record-history"
    >
      <AuditEntries
        query={{ resource: auditResourceOf(area.resource.key, row), recordId: String(row.id), pageSize: 25 }}
        wordsFor={() => words}
        canRestore={role === 'admin'}
      />
    </section>
  );
}
