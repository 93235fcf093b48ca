// Text whose colour is too close to the background behind it: WCAG contrast below 4.5:1
// (3:1 for large text). Disabled controls are exempt, as WCAG allows.
function channels(colour) {
  const m = colour.match(/[\d.]+/g).map(Number);
  return {r: m[0], g: m[1], b: m[2], a: m.length > 3 ? m[3] : 1};
}
function luminance(c) {
  const lin = [c.r, c.g, c.b].map(v => {
    v /= 255;
    return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
  });
  return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
}
function background(element) {
  for (let e = element; e; e = e.parentElement) {
    const c = channels(getComputedStyle(e).backgroundColor);
    if (c.a > 0.5) return c;
  }
  return {r: 255, g: 255, b: 255, a: 1};
}
const bad = [];
for (const element of document.body.querySelectorAll('*')) {
  const own = [...element.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
  if (!own || !element.getClientRects().length) continue;
  if (element.closest('[disabled], .visually-hidden, details:not([open]) > :not(summary)')) continue;
  const style = getComputedStyle(element);
  if (style.visibility === 'hidden' || parseFloat(style.opacity) === 0) continue;
  const fg = luminance(channels(style.color)), bg = luminance(background(element));
  const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
  const size = parseFloat(style.fontSize), bold = parseInt(style.fontWeight) >= 700;
  const large = size >= 24 || (bold && size >= 18.66);
  if (ratio < (large ? 3 : 4.5)) {
    bad.push(element.tagName + '.' + element.className + ' "' + element.textContent.trim().slice(0, 30)
             + '" ' + ratio.toFixed(2));
  }
}
return bad.slice(0, 8);
