/** A staff member as the staff API answers it (GET /staff/members; server/staff/staffStore.ts, the console's Staff view). */
export interface StaffMember {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  active: boolean;
  createdAt: string;
}
