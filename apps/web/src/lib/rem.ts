/** Spec §1/§9: base font size is one tenth of the layout width; above a 750 px viewport the width is 480. */
export const WIDTH_CAP_PX = 480;
export const WIDE_VIEWPORT_PX = 750;

export function layoutWidth(viewportWidth: number): number {
  return viewportWidth > WIDE_VIEWPORT_PX ? WIDTH_CAP_PX : viewportWidth;
}

export function baseFontSize(viewportWidth: number): number {
  return layoutWidth(viewportWidth) / 10;
}

export function installRem(win: Window = window) {
  const apply = () => {
    const width = win.document.documentElement.clientWidth || win.innerWidth;
    win.document.documentElement.style.fontSize = `${baseFontSize(width)}px`;
    win.document.documentElement.style.setProperty('--app-width', `${layoutWidth(width)}px`);
  };
  apply();
  win.addEventListener('resize', apply);
  win.addEventListener('pageshow', apply);
  return () => {
    win.removeEventListener('resize', apply);
    win.removeEventListener('pageshow', apply);
  };
}
