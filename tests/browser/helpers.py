"""What the browser tests share: the phone's size and the scripts that inspect a page."""

from pathlib import Path

PHONE = (360, 740)
CONTRAST = (Path(__file__).parent / "contrast.js").read_text()
OVERFLOW = """
const width = document.documentElement.clientWidth;
const wide = [];
for (const element of document.body.querySelectorAll('*')) {
  const box = element.getBoundingClientRect();
  if (box.width === 0 || box.right <= width + 1) continue;
  let scrolls = false;
  for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
    const style = getComputedStyle(up);
    if (['auto', 'scroll', 'hidden'].includes(style.overflowX)
        && up.getBoundingClientRect().right <= width + 1) { scrolls = true; break; }
  }
  if (!scrolls) wide.push(element.tagName + '.' + element.className + ' ' + Math.round(box.right));
}
return [document.documentElement.scrollWidth, width, wide.slice(0, 5)];
"""


