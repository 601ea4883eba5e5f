import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Role } from '@/contract';

export const ROLE_LABELS: Record<Role, MessageDescriptor> = {
  admin: msg`Admin`,
  manager: msg`Manager`,
  serviceprovider: msg`Service provider`,
  door: msg`Door staff`,
};

/** The role's label; "Admin" while the role is unknown (docs/product.md §9 fallback label). */
export const roleLabel = (i18n: I18n, role: Role | null): string => i18n._(ROLE_LABELS[role ?? 'admin']);

/** Admins and managers see the admin dashboard, every other role the provider one (docs/product.md §2). */
export const usesAdminDashboard = (role: Role | null) => role === 'admin' || role === 'manager';
