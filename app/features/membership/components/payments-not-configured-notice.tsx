/**
 * Shown to the owner on the admin pages of a production site without the STRIPE_ settings: Upgrade then works as the
 * spec draws it, free of charge, which the owner should know rather than find out.
 */
export function PaymentsNotConfiguredNotice() {
  return (
    <p
      role="note"
      className="border-amber-400/30 border-t bg-amber-950/90 px-4 py-1.5 text-center text-amber-100 text-xs sm:text-sm"
    >
      Payments are not configured: members who upgrade get Basic or Premium free of charge. Set the STRIPE_ settings to
      charge for them.
    </p>
  );
}
