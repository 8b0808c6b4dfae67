/**
 * Seam for the "Please Update Payment Information" modal of part 1 section 2.6: shown on the
 * dashboard when the appraiser has no eppPartyData but readyForEppOnboarding is true, leading to
 * /appraiser/payments/epp. It needs the appraiser's EPP data, which a later issue brings; until
 * then it renders nothing. The dashboard already mounts it, so that issue only fills this in.
 */
export function PaymentInfoPrompt() {
  return null;
}
