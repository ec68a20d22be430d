/** A staff member as the staff API answers it (GET /staff/members; server/staff/staffStore.ts, the console's Staff view). */
export interface StaffMember {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  active: boolean;
  createdAt: string;
}

/** Someone invited to the staff who has not used the link yet (GET /staff/members `invited`): no staff rights until then. */
export interface StaffInvitation {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** Until when the link works. */
  expiresAt: string;
}
