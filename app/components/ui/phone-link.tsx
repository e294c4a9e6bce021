/**
 * An Indian mobile number as every screen shows it: "+91 98480 12345", a tap-to-call link
 * (tel:+91…) so a store owner on a phone calls the customer in one tap. '—' when missing.
 */
export function PhoneLink({ number }: { number: string | null | undefined }) {
  const digits = (number ?? '').replace(/\D/g, '').slice(-10);
  if (digits.length !== 10) return <>{number || '—'}</>;
  return (
    <a href={`tel:+91${digits}`} className="link whitespace-nowrap tabular-nums">
      +91 {digits.slice(0, 5)} {digits.slice(5)}
    </a>
  );
}
