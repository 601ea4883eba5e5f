/**
 * The dashboard at / (docs/product.md §2): admins and managers see the platform's figures (bookings
 * and revenue, items waiting for approval, bookings per day, revenue by category, latest bookings),
 * a service provider its own (upcoming events, bookings, revenue, its items waiting for approval).
 * Both lead to the day's work: today's events and the bookings to confirm, within the reader's reach
 * (docs/decisions/0083-a-dashboard-that-leads-to-work.md). What the sidebar offers is not repeated.
 */
import { usesAdminDashboard } from '@/app/roles';
import { useSession } from '@/app/session';
import { FullPageSpinner } from '@/components/ui';
import { AdminDashboard } from './AdminDashboard';
import { ProviderDashboard } from './ProviderDashboard';

export { AdminDashboard } from './AdminDashboard';
export { ProviderDashboard } from './ProviderDashboard';

export function DashboardPage() {
  const { role, permissions } = useSession();
  if (!role || !permissions) return <FullPageSpinner inline />;
  return usesAdminDashboard(role) ? <AdminDashboard /> : <ProviderDashboard />;
}
