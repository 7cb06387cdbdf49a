import { bindPublicWidgets, runPublicPages, type PublicPages } from './publicPages';
import { PRERENDERED_ATTRIBUTE, PRERENDERED_ROUTES, prerenderedTemplateId, routeOfHash } from './prerendered';

const LANDING = `
  <nav><button class="navbar-toggler" aria-controls="menu" aria-expanded="false"></button>
  <div id="menu" class="navbar-collapse collapse"><a href="#/login">Login</a></div></nav>
  <h1>Landing</h1>
  <div class="carousel">
    <div class="carousel-indicators"><button class="active" aria-current="true"></button><button></button></div>
    <div class="carousel-item active"><h2>One</h2></div><div class="carousel-item"><h2>Two</h2></div>
    <a class="carousel-control-prev" href="#" role="button"></a><a class="carousel-control-next" href="#" role="button"></a>
  </div>`;
const FAQ = `<h1>Questions</h1><div class="accordion-item"><h2><button class="accordion-button collapsed" aria-expanded="false">Q</button></h2><div class="accordion-collapse collapse">A</div></div>`;

let pages: PublicPages;
const startApp = jest.fn();
const warmApp = jest.fn();

function root() {
  return document.getElementById('root') as HTMLElement;
}

function go(hash: string) {
  window.location.hash = hash;
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}

beforeEach(() => {
  jest.useFakeTimers();
  startApp.mockReset();
  warmApp.mockReset();
  window.history.replaceState(null, '', '/');
  document.body.innerHTML = `<div id="root" ${PRERENDERED_ATTRIBUTE}="/">${LANDING}</div><template id="${prerenderedTemplateId('/commonquestions')}">${FAQ}</template>`;
  window.matchMedia = jest.fn(() => ({ matches: false })) as unknown as typeof window.matchMedia;
  pages = runPublicPages({
    publicRoutes: PRERENDERED_ROUTES,
    routeOfHash,
    attribute: PRERENDERED_ATTRIBUTE,
    templateId: prerenderedTemplateId,
    startApp,
    warmApp,
    slideInterval: 7000,
    bindWidgets: bindPublicWidgets,
  });
});

afterEach(() => {
  pages.stop();
  jest.useRealTimers();
});

const activeSlide = () => root().querySelector('.carousel-item.active')?.textContent;

describe('the public pages without React', () => {
  it('opens and closes the phone menu', () => {
    const toggler = root().querySelector('.navbar-toggler') as HTMLElement;
    toggler.click();
    expect(document.getElementById('menu')).toHaveClass('show');
    expect(toggler).toHaveAttribute('aria-expanded', 'true');
    toggler.click();
    expect(document.getElementById('menu')).not.toHaveClass('show');
  });

  it('turns the carousel by its controls, its indicators and its clock', () => {
    (root().querySelector('.carousel-control-next') as HTMLElement).click();
    expect(activeSlide()).toBe('Two');
    (root().querySelectorAll('.carousel-indicators > *')[0] as HTMLElement).click();
    expect(activeSlide()).toBe('One');
    jest.advanceTimersByTime(7000);
    expect(activeSlide()).toBe('Two');
    expect(root().querySelectorAll('.carousel-indicators > *')[1]).toHaveAttribute('aria-current', 'true');
  });

  it('moves between the public pages without the application, and back', () => {
    // jsdom does not scroll; the browser's scrollTo is what the page calls.
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    go('#/commonquestions');
    expect(root()).toHaveAttribute(PRERENDERED_ATTRIBUTE, '/commonquestions');
    expect(scrollTo).toHaveBeenCalledWith(0, 0); // a page opened from a link starts at its top
    const question = root().querySelector('.accordion-button') as HTMLElement;
    question.click();
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(root().querySelector('.accordion-collapse')).toHaveClass('show');
    go('#/');
    expect(root().querySelector('h1')?.textContent).toBe('Landing');
    expect(startApp).not.toHaveBeenCalled();
    scrollTo.mockRestore();
  });

  it('starts the application for any other route, and then leaves the page to it', () => {
    go('#/login');
    expect(startApp).toHaveBeenCalledTimes(1);
    go('#/commonquestions');
    expect(root().querySelector('h1')?.textContent).toBe('Landing');
  });

  it('fetches the application when a pointer reaches a link out of the public pages', () => {
    root()
      .querySelector('a[href="#/login"]')
      ?.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(warmApp).toHaveBeenCalled();
  });
});

describe('the public pages and the skip link', () => {
  it("a '#' that names no route (the skip link's) changes nothing and starts nothing", () => {
    go('#tn-main');
    expect(startApp).not.toHaveBeenCalled();
    expect(root().querySelector('h1')?.textContent).toBe('Landing');
  });

  it('leaves #root to the application unclaimed, so it renders its own page', () => {
    go('#/login');
    expect(root().hasAttribute(PRERENDERED_ATTRIBUTE)).toBe(false);
  });

  it('keeps the page it showed as its route’s template, for the application to show later', () => {
    go('#/login');
    const kept = document.getElementById(prerenderedTemplateId('/')) as HTMLTemplateElement;
    expect(kept.content.querySelector('h1')?.textContent).toBe('Landing');
    // Stopped: the carousel's clock no longer turns what the application renders.
    const before = activeSlide();
    jest.advanceTimersByTime(21000);
    expect(activeSlide()).toBe(before);
  });
});
