// Who may call a staff API: the signed-in user with a staff role (403 without one, 401 for a visitor), and, when a
// console needs it, a given role. One guard for every /ops API.
import type { FastifyRequest } from 'fastify';
import { ApiError, STAFF_ONLY, type StaffRole } from '@fjt/domain';
import type { StaffModule } from './service.ts';

export function staffGuard(staff: Pick<StaffModule, 'rolesOf'>) {
  return async (request: FastifyRequest, needed?: { role: StaffRole; message: string }) => {
    if (!request.user) throw ApiError.unauthorized();
    const roles = await staff.rolesOf(request.user.id);
    if (roles.length === 0) throw ApiError.forbidden(STAFF_ONLY);
    if (needed && !roles.includes(needed.role)) throw ApiError.forbidden(needed.message);
    return { userId: request.user.id, roles };
  };
}
