import { ArrowUp } from "lucide-react";
import { useEffect, useState } from "react";

/** A button back to the top of a long list, shown once the page has scrolled. */
export function ScrollToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > 300);
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label="Scroll to top"
      onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
      className="fixed bottom-4 right-4 z-20 rounded-full bg-brand-600 p-3 text-white shadow-lg"
    >
      <ArrowUp aria-hidden className="h-5 w-5" />
    </button>
  );
}
