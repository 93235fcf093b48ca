"""The API's reads of the seasons (docs/rules.md §11): the public seasons and a season's
ranking, the same figures as the season's page. Every credential reads what the public reads;
a season not published is 404 to all of them."""

from django.shortcuts import get_object_or_404
from rest_framework.response import Response

from api import season_serializers as s
from api.conditional import ConditionalRead
from api.serializers import exact
from api.views.reads import read_schema
from common.text import person_name
from rules.ranking import format_decimal
from seasons.models import Season
from seasons.ranking import SeasonRow, season_ranking


class SeasonList(ConditionalRead):
    @read_schema(s.SeasonSerializer(many=True))
    def get(self, request):
        """The public seasons, the latest first."""
        return Response(s.SeasonSerializer(Season.objects.public(), many=True).data)


class SeasonRankingView(ConditionalRead):
    @read_schema(s.SeasonRankingSerializer)
    def get(self, request, season):
        """A season's ranking: each player's place, value and the results it is made of."""
        found = get_object_or_404(Season.objects.public(), slug=season)
        ranking = season_ranking(found)
        return Response(
            {
                "season": s.SeasonSerializer(found).data,
                "reckoning": ranking.reckoning,
                "tournaments": [
                    {
                        "slug": member.slug,
                        "name": member.name,
                        "end_date": member.end_date,
                        "weight": exact(member.weight),
                        "players": member.players,
                        "final": member.final,
                    }
                    for member in ranking.members
                ],
                "rows": [season_row(row) for row in ranking.rows],
            }
        )


def season_row(row: SeasonRow):
    return {
        "place": row.place,
        "place_label": row.place_label,
        "player": row.player_id,
        "name": person_name(row.first_name, row.last_name),
        "country": row.country,
        "ema_id": row.ema_id,
        "value": exact(row.value),
        "shown": format_decimal(row.value, 2) if row.value is not None else "",
        "part_a": exact(row.part_a),
        "part_b": exact(row.part_b),
        "results": [
            {
                "tournament": result.member.slug,
                "place": result.place,
                "shared": result.shared,
                "base_rank": result.base_rank,
                "weight": exact(result.weight),
                "points": exact(result.points),
                "counted": result.counted,
                "part_b": result.part_b,
            }
            for result in row.results
        ],
    }
