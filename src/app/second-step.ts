/**
 * The second step of a sign-in (docs/security.md, "Two-factor sign-in"): the challenge POST
 * /api/login answered, kept in this tab's memory only (never in the URL nor in storage that outlives
 * the tab) from the login page to /login/two-factor, which ends it. A reload forgets it: the sign-in
 * starts again with the password.
 */
export interface SecondStep {
  challenge: string;
  /** The account's role must have a second factor and it has none: it enrols first. */
  enrol: boolean;
}

let pending: SecondStep | null = null;

export const keepSecondStep = ({ challenge, enrol }: SecondStep) => {
  pending = { challenge, enrol };
};

export const secondStep = () => pending;

export const endSecondStep = () => {
  pending = null;
};
