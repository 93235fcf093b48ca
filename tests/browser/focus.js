// The element with the keyboard's focus and its focus ring: [what, ring shown, contrast].
// The ring shows when its colour, or the halo inside it (box-shadow) with the ring around it,
// stands out by 3:1 from what is behind the element (WCAG 1.4.11; technique C40). A choice
// button's radio is invisible: its ring is on the label's box beside it.
function channels(colour) {
  const m = (colour.match(/rgba?\([^)]*\)/) || ['rgb(0,0,0)'])[0].match(/[\d.]+/g).map(Number);
  return {r: m[0], g: m[1], b: m[2], a: m.length > 3 ? m[3] : 1};
}
function luminance(c) {
  const lin = [c.r, c.g, c.b].map(v => {
    v /= 255;
    return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
  });
  return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
}
function ratio(a, b) {
  const x = luminance(a), y = luminance(b);
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}
function background(element) {
  for (let e = element; e; e = e.parentElement) {
    const c = channels(getComputedStyle(e).backgroundColor);
    if (c.a > 0.5) return c;
  }
  return {r: 255, g: 255, b: 255, a: 1};
}
const element = document.activeElement;
if (!element || element === document.body) return ['body', false, 0];
let target = element;
if (parseFloat(getComputedStyle(element).opacity) === 0 && element.nextElementSibling) {
  target = element.nextElementSibling;
}
const what = element.tagName + (element.name ? '[' + element.name + '=' + element.value + ']' : '')
  + ' "' + (element.innerText || element.value || element.getAttribute('aria-label') || '')
    .trim().slice(0, 30) + '"';
const style = getComputedStyle(target);
if (style.outlineStyle === 'none' || parseFloat(style.outlineWidth) < 2) return [what, false, 0];
const behind = background(target.parentElement);
const ring = channels(style.outlineColor);
let best = ratio(ring, behind);
if (style.boxShadow && style.boxShadow !== 'none') {
  const halo = channels(style.boxShadow);
  if (ratio(ring, halo) >= 3) best = Math.max(best, ratio(halo, behind));
}
return [what, best >= 3, Math.round(best * 100) / 100];
