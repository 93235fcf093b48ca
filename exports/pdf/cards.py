"""Cards several to an A4 page, with dashed cut lines (player schedules)."""

from reportlab.lib import colors
from reportlab.platypus import Flowable

from exports.pdf.base import FONT, RULE


class CardPage(Flowable):
    """One page of cards: `cards` (callables drawing one card on a canvas, given its width and
    height, with the origin at its lower left corner) in a grid of `columns` x `rows`, filling
    the frame, with dashed cut lines between and around the cards."""

    def __init__(self, cards, columns, rows, width, height, padding=5):
        super().__init__()
        self.cards, self.columns, self.rows = cards, columns, rows
        self.width, self.height, self.padding = width, height, padding

    def wrap(self, available_width, available_height):
        return self.width, self.height

    def draw(self):
        canvas = self.canv
        card_width, card_height = self.width / self.columns, self.height / self.rows
        for index, draw_card in enumerate(self.cards):
            row, column = divmod(index, self.columns)
            x = column * card_width
            y = self.height - (row + 1) * card_height
            canvas.saveState()
            canvas.translate(x + self.padding, y + self.padding)
            draw_card(canvas, card_width - 2 * self.padding, card_height - 2 * self.padding)
            canvas.restoreState()
        self.cut_lines(card_width, card_height)

    def cut_lines(self, card_width, card_height):
        canvas = self.canv
        canvas.saveState()
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.4)
        canvas.setDash(3, 2)
        for column in range(self.columns + 1):
            canvas.line(column * card_width, 0, column * card_width, self.height)
        for row in range(self.rows + 1):
            canvas.line(0, row * card_height, self.width, row * card_height)
        canvas.setFillColor(colors.grey)
        canvas.setFont(FONT, 9)
        canvas.drawString(-1, self.height + 1.5, "✂")
        canvas.restoreState()
