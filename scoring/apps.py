from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self):
        # The Swiss draw orders players by the standings, which live here, above the draw.
        from scoring.standings import ranking_order
        from tournament.services import draw

        draw.use_standings_order(ranking_order)
        # The final of a tournament in stages is seated by the cut and the final ranking.
        from scoring.services.stages import final_order, qualifying_order
        from tournament.services import final_draw

        final_draw.use_stage_orders(qualifying_order, final_order)
