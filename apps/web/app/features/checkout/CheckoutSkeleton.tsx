// The checkout's shape while the login check and the catalogue load (DESIGN.md: never a blank screen).
import './checkout.css';

export function CheckoutSkeleton() {
  return (
    <div aria-busy="true" data-testid="checkout-loading">
      {[60, 30, 90].map((h, i) => (
        <div className="checkout-card" key={i}>
          <span className="sk-bone" style={{ display: 'block', width: i === 1 ? '40%' : '70%', height: 16 }} />
          <span className="sk-bone" style={{ display: 'block', width: '45%', height: h / 4, marginTop: 8 }} />
        </div>
      ))}
    </div>
  );
}
