-- Accounts. Better Auth reads and writes users, sessions, accounts and
-- verifications through its field mapping (src/server/modules/auth/auth.ts); the schema is ours.

CREATE TABLE users (
  id                    uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email                 text NOT NULL UNIQUE CHECK (email = lower(email) AND position('@' in email) > 1),
  -- Better Auth's display name; first_name / last_name are what the product shows.
  full_name             text NOT NULL,
  first_name            text NOT NULL CHECK (length(first_name) BETWEEN 1 AND 100),
  last_name             text NOT NULL CHECK (length(last_name) BETWEEN 1 AND 100),
  role                  text NOT NULL DEFAULT 'student' CHECK (role IN ('student', 'tutor')),
  is_email_verified     boolean NOT NULL DEFAULT false,
  is_profile_completed  boolean NOT NULL DEFAULT false,
  social_auth_provider  text NOT NULL DEFAULT 'none' CHECK (social_auth_provider IN ('google', 'none')),
  avatar_url            text,
  has_password          boolean NOT NULL DEFAULT false,
  last_login_at         timestamptz,
  timezone              text,
  country               text,
  language              text,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token       text NOT NULL UNIQUE,
  expires_at  timestamptz NOT NULL,
  ip_address  text,
  user_agent  text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_user_id ON sessions (user_id);

-- Sign-in methods of a user: 'credential' (password hash) or an OAuth provider.
CREATE TABLE accounts (
  id                        uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id                   uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  account_id                text NOT NULL,
  provider_id               text NOT NULL,
  access_token              text,
  refresh_token             text,
  id_token                  text,
  access_token_expires_at   timestamptz,
  refresh_token_expires_at  timestamptz,
  scope                     text,
  password                  text,
  created_at                timestamptz NOT NULL DEFAULT now(),
  updated_at                timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider_id, account_id)
);
CREATE INDEX accounts_user_id ON accounts (user_id);

-- Email codes and reset tokens; identifiers and values are stored hashed.
CREATE TABLE verifications (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Unique: a new code for the same purpose and email replaces the previous one.
  identifier  text NOT NULL UNIQUE,
  value       text NOT NULL,
  expires_at  timestamptz NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE student_profiles (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- Every student has a profile row from the moment the user row exists (same statement).
CREATE FUNCTION create_student_profile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.role = 'student' THEN
    INSERT INTO student_profiles (user_id) VALUES (NEW.id) ON CONFLICT (user_id) DO NOTHING;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER users_create_student_profile
  AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION create_student_profile();

-- Fixed-window counters shared by every API process (sign-in, codes, resets).
CREATE TABLE rate_limits (
  key           text PRIMARY KEY,
  count         integer NOT NULL,
  window_start  timestamptz NOT NULL
);

-- Outgoing mail kept for developers when no SMTP server is configured (never in production).
CREATE TABLE dev_mailbox (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_address  text NOT NULL,
  subject     text NOT NULL,
  text_body   text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
