import type { Page } from 'playwright-core';

/** The smallest touch target a phone screen may offer, in CSS pixels (WCAG 2.5.5, Apple, Android). */
export const TOUCH_TARGET = 44;

/**
 * What a phone user would trip over on the current screen: how far the page scrolls sideways (0 is
 * right), and every visible control whose touch target is under 44 × 44 px, named so a failure says
 * which. A switch counts with the label stretched over it (components/TableSwitch.tsx); a link inside
 * a sentence is exempt, as WCAG exempts inline targets. Inside an open modal only the modal counts.
 */
export async function phoneProblems(page: Page): Promise<{ sideways: number; smallTargets: string[] }> {
  return page.evaluate((minimum) => {
    const root = document.documentElement;
    const sideways = Math.max(root.scrollWidth, document.body.scrollWidth) - root.clientWidth;
    const scope: ParentNode = document.querySelector('.modal.show') ?? document;
    const controls = scope.querySelectorAll<HTMLElement>(
      'button, a.btn, a.nav-link, [role="tab"], input:not([type="hidden"]), select, textarea, summary',
    );
    const smallTargets: string[] = [];
    for (const control of controls) {
      if (control.closest('.visually-hidden, [aria-hidden="true"], .tn-honeypot')) continue;
      const style = getComputedStyle(control);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      // Inline links in a sentence ('Go to Manage Wallets to …') are exempt.
      if (control.classList.contains('btn-link') && control.closest('p, .alert')) continue;
      const target =
        control.closest<HTMLElement>('.tn-switch') ?? control.closest<HTMLElement>('.form-check') ?? control;
      const box = target.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.width + 0.5 >= minimum && box.height + 0.5 >= minimum) continue;
      const name =
        control.getAttribute('aria-label') ??
        (control.id ? document.querySelector(`label[for="${control.id}"]`)?.textContent : null) ??
        control.textContent?.trim() ??
        control.tagName;
      smallTargets.push(
        `${control.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
      );
    }
    return { sideways, smallTargets };
  }, TOUCH_TARGET);
}
