"""The refusal of a draw, shared by the draw (`draw.py`) and the final's draw (`final_draw.py`)."""

from common.errors import UserError


class DrawError(UserError):
    """A draw the desk refuses; the message tells the director what to change."""
