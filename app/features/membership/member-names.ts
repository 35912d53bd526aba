/** The parts of a member that names are made from. */
export type NamedMember = { email: string | null; firstName: string | null; lastName: string | null };

const clean = (value: string | null) => value?.trim() || null;

function emailLocalPart(email: string | null) {
  const cleaned = clean(email);
  return cleaned ? cleaned.split("@")[0] || null : null;
}

/** Spec: the dashboard greets by first name, else the part of the email before the @, else "Disruptor". */
export function greetingName(member: NamedMember) {
  return clean(member.firstName) ?? emailLocalPart(member.email) ?? "Disruptor";
}

/** Spec: Account Information shows first and last name, else the first name, else "Not provided". */
export function accountName(member: NamedMember) {
  const first = clean(member.firstName);
  const last = clean(member.lastName);
  if (first && last) return `${first} ${last}`;
  return first ?? "Not provided";
}

/** The profile's heading: the member's name where there is one, else what the account menu shows. */
export function profileDisplayName(member: NamedMember) {
  const first = clean(member.firstName);
  const last = clean(member.lastName);
  if (first && last) return `${first} ${last}`;
  return first ?? emailLocalPart(member.email) ?? "Member";
}

/** Spec: Account Information shows the email, else "No email on file". */
export function accountEmail(member: NamedMember) {
  return clean(member.email) ?? "No email on file";
}
