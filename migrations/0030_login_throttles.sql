-- Sign-in attempts per e-mail address (issue 14): after a few attempts without a success each next
-- one waits longer. Kept in the database so a restart or a second process does not forget it. Keyed
-- on the address as typed, known or not, so the throttle says nothing about who has an account.
CREATE TABLE login_throttles (
  email citext PRIMARY KEY,
  attempts int NOT NULL DEFAULT 0,
  locked_until timestamptz,
  -- The address of the last successful sign-in: its owner is not kept waiting by someone else's guesses.
  trusted_address text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
