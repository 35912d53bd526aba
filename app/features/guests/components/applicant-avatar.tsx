/** Spec section 9: the first letter of up to the first two words of the name. */
export function applicantInitials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? "")
    .join("");
}

export function ApplicantAvatar({ name }: { name: string }) {
  return (
    <span
      aria-hidden
      className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/20 font-semibold text-primary text-sm"
    >
      {applicantInitials(name)}
    </span>
  );
}
