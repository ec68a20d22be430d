/**
 * Messages of the staff console's API (server/staff) and its page, once.
 */
export const STAFF_MESSAGES = {
  /** No valid session. */
  signedOut: 'You are not signed in.',
  /** Signed in, but not as staff (a client, verified or not). */
  notStaff: 'This page is for DataClarity staff only.',
  /** Staff, but the session was not proven with a passkey. */
  passkeyRequired: 'The staff console needs a sign-in with your passkey. Please sign out and sign in with your passkey.',
  contactRequestNotFound: 'There is no request with this id (it may have been deleted).',
  /** PATCH /staff/leads/{id} with nothing it knows. */
  contactRequestPatch: 'Send handled (true or false) and/or note (text).',
  noteTooLong: (max: number) => `The note must be at most ${max} characters.`,
  badStatus: 'status must be one of received, delivered, failed, spam.',
  badVariant: 'variant must be contact or consultation.',
  badHandled: 'handled must be true or false.',
  badSearch: (max: number) => `The search must be at most ${max} characters.`,
  badLimit: (max: number) => `limit must be a whole number from 1 to ${max}.`,
  badOffset: 'offset must be a whole number from 0.',
  accountNotFound: 'There is no account with this id (it may have been deleted).',
  /** PATCH /staff/users/{id} with nothing it knows. */
  accountPatch: 'Send active (true or false), or firstName and lastName.',
  /** A staff member deactivating their own account. */
  notYourself: 'You cannot deactivate your own account here.',
  /** A staff member deleting their own account. */
  notYourselfDelete: 'You cannot delete your own account here.',
  /** Deleting or demoting the only staff member left. */
  lastStaff: 'This is the last staff member. Invite a colleague first: the console must keep at least one.',
  /** A staff member taking their own staff role away. */
  notYourselfStaff: 'You cannot remove your own staff role. Ask a colleague.',
  /** DELETE /staff/members/{id} for an account that is not staff. */
  notStaffMember: 'This account is not a staff member (it may have been removed already).',
  /** POST /staff/invitations with a body it does not know. */
  invitationBody: 'Send email: the address of the colleague to invite.',
  /** An invitation to a deactivated account. */
  invitationDeactivated: 'This account is deactivated. Reactivate it under Clients before inviting it.',
  /** Too many invitations from one staff member. */
  invitationThrottled: 'You have sent several invitations in a short time. Please wait a few minutes before sending another one.',
  /** Retry asked for a contact request whose delivery has not failed. */
  notFailed: 'Only a request whose delivery failed can be retried.',
  /** Retry asked while no mail server is configured. */
  noMailer: 'No mail server is configured (SMTP_URL), so nothing can be sent.',
} as const;
