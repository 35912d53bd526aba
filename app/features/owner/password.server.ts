import { and, asc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { staffAccounts } from "~/db/schema";
import { generatePassword, hashPassword, verifyPassword } from "~/lib/password-hash.server";
import { endStaffSessions } from "~/lib/session.server";
import { forgetLoginHistory } from "./login-throttle.server";

/** The owner account's address until OWNER_EMAIL names one (or the owner changes it). */
export const PLACEHOLDER_OWNER_EMAIL = "owner@localhost";

/**
 * The owner account: the oldest account with the owner role, whatever its status. The spec's `{ password }` login
 * signs in as it, and ADMIN_PASSWORD and the admin:password script set its password.
 */
export async function findFirstOwner(db: Database) {
  const [row] = await db
    .select({
      id: staffAccounts.id,
      email: staffAccounts.email,
      passwordHash: staffAccounts.passwordHash,
      status: staffAccounts.status,
    })
    .from(staffAccounts)
    .where(eq(staffAccounts.role, "owner"))
    .orderBy(asc(staffAccounts.id))
    .limit(1);
  return row ?? null;
}

export async function readOwnerPasswordHash(db: Database): Promise<string | null> {
  return (await findFirstOwner(db))?.passwordHash ?? null;
}

/**
 * Replaces the owner account's password (the admin:password script, a changed ADMIN_PASSWORD) and ends its sessions,
 * so that whoever held the old password or a copy of its cookie is out. Browsers that logged in are forgotten and
 * failed logins counted so far start again. Without an owner account one is made (with the placeholder address).
 */
export async function setOwnerPassword(db: Database, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const owner = await findFirstOwner(tx);
    if (owner) {
      await tx.update(staffAccounts).set({ passwordHash, updatedAt: new Date() }).where(eq(staffAccounts.id, owner.id));
      await endStaffSessions(tx, owner.id);
    } else {
      await tx
        .insert(staffAccounts)
        .values({ email: PLACEHOLDER_OWNER_EMAIL, role: "owner", passwordHash })
        .onConflictDoNothing();
    }
    await forgetLoginHistory(tx);
  });
}

export type OwnerPasswordOutcome = "unchanged" | "set-from-setting" | "generated" | "kept-stored";

/**
 * The owner account's address follows OWNER_EMAIL while it is still the placeholder (an installation from before staff
 * accounts, or one started without OWNER_EMAIL): an address the owner changed on the Staff screen is theirs to keep.
 */
async function adoptOwnerEmail(db: Database, ownerEmail: string | undefined) {
  if (!ownerEmail) return;
  await db
    .update(staffAccounts)
    .set({ email: ownerEmail.trim().toLowerCase(), updatedAt: new Date() })
    .where(and(eq(staffAccounts.email, PLACEHOLDER_OWNER_EMAIL), eq(staffAccounts.role, "owner")))
    .catch((error) => console.error("[admin] could not give the owner account OWNER_EMAIL's address:", error));
}

/**
 * Start-up: the owner account exists, named by OWNER_EMAIL (or the placeholder). ADMIN_PASSWORD, when set, becomes its
 * password (its hash is stored if it differs from the stored one). Without it, a stored hash is kept (an existing
 * installation's owner password became the owner account's in the staff_accounts migration); with neither, a password
 * is generated, stored and printed once. Several instances starting together insert at most one owner account: only
 * the one whose insert lands prints its password.
 */
export async function ensureOwnerPassword(
  db: Database,
  adminPassword: string | undefined,
  log: (message: string) => void = console.log,
  ownerEmail?: string,
): Promise<OwnerPasswordOutcome> {
  await adoptOwnerEmail(db, ownerEmail);
  const owner = await findFirstOwner(db);
  const stored = owner?.passwordHash ?? null;
  if (adminPassword) {
    if (stored && (await verifyPassword(adminPassword, stored))) return "unchanged";
    if (!owner) {
      await db
        .insert(staffAccounts)
        .values({ email: ownerEmail?.trim().toLowerCase() ?? PLACEHOLDER_OWNER_EMAIL, role: "owner" })
        .onConflictDoNothing();
    }
    await setOwnerPassword(db, adminPassword);
    log("[admin] The owner's password was set from ADMIN_PASSWORD.");
    return "set-from-setting";
  }
  if (stored) return "kept-stored";

  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  let generated: boolean;
  if (owner) {
    // An owner account without a password (never set): it gets the generated one, once.
    const updated = await db
      .update(staffAccounts)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(staffAccounts.id, owner.id))
      .returning({ id: staffAccounts.id });
    generated = updated.length > 0;
  } else {
    const inserted = await db
      .insert(staffAccounts)
      .values({ email: ownerEmail?.trim().toLowerCase() ?? PLACEHOLDER_OWNER_EMAIL, role: "owner", passwordHash })
      .onConflictDoNothing()
      .returning({ id: staffAccounts.id });
    generated = inserted.length > 0 && (await findFirstOwner(db))?.id === inserted[0].id;
  }
  if (!generated) return "kept-stored";
  const email = (await findFirstOwner(db))?.email ?? PLACEHOLDER_OWNER_EMAIL;
  log(
    [
      "[admin] No ADMIN_PASSWORD is set, so a password for the admin area was generated.",
      `[admin] Owner account: ${email}`,
      `[admin] Owner password: ${password}`,
      "[admin] It is shown only this once. Change it with `npm run admin:password` or by setting ADMIN_PASSWORD.",
    ].join("\n"),
  );
  return "generated";
}
