/** Admin account change (spec section 5): current password required; a new username and/or password; the new password differs. */
export interface AccountFormState {
  currentPassword: string;
  newUsername: string;
  newPassword: string;
  confirmPassword: string;
}

export type AccountProblem =
  | 'current-missing'
  | 'nothing-to-change'
  | 'username-spaces'
  | 'password-short'
  | 'password-same'
  | 'confirm-mismatch';
export type AccountProblems = Partial<Record<keyof AccountFormState | 'form', AccountProblem>>;

/** The server's minimum for a new admin password. */
export const ADMIN_PASSWORD_MIN = 8;

export const emptyAccountForm = (): AccountFormState => ({
  currentPassword: '',
  newUsername: '',
  newPassword: '',
  confirmPassword: '',
});

export function validateAccountForm(s: AccountFormState): AccountProblems {
  const p: AccountProblems = {};
  if (!s.currentPassword) p.currentPassword = 'current-missing';
  const username = s.newUsername.trim();
  if (!username && !s.newPassword) p.form = 'nothing-to-change';
  if (username && /\s/.test(username)) p.newUsername = 'username-spaces';
  if (s.newPassword) {
    if (s.newPassword.length < ADMIN_PASSWORD_MIN) p.newPassword = 'password-short';
    else if (s.newPassword === s.currentPassword) p.newPassword = 'password-same';
    if (s.confirmPassword !== s.newPassword) p.confirmPassword = 'confirm-mismatch';
  }
  return p;
}

export function accountBody(s: AccountFormState): {
  currentPassword: string;
  newUsername?: string;
  newPassword?: string;
} {
  const body: { currentPassword: string; newUsername?: string; newPassword?: string } = {
    currentPassword: s.currentPassword,
  };
  if (s.newUsername.trim()) body.newUsername = s.newUsername.trim();
  if (s.newPassword) body.newPassword = s.newPassword;
  return body;
}
