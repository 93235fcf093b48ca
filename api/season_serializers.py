"""The season ranking as the API gives it (docs/rules.md §11; api/views/season_reads.py)."""

from rest_framework import serializers


class SeasonSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
    start_date = serializers.DateField()
    end_date = serializers.DateField()
    family = serializers.CharField(help_text="The family of rules: mcr, riichi or classic.")
    method = serializers.CharField(
        help_text="ema (the EMA's ranking) or points (the season's table of points per place)."
    )


class SeasonTournamentSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
    end_date = serializers.DateField()
    weight = serializers.CharField(
        help_text="The MERS weight the ranking uses (1 when the tournament has none), exact."
    )
    players = serializers.IntegerField(help_text="The players its results list (N).")
    final = serializers.BooleanField(help_text="Every session is confirmed and public.")


class SeasonResultSerializer(serializers.Serializer):
    tournament = serializers.SlugField()
    place = serializers.IntegerField(help_text="The place among the players listed, as the EMA.")
    shared = serializers.BooleanField()
    base_rank = serializers.IntegerField(allow_null=True)
    weight = serializers.CharField(
        allow_null=True, help_text="MERS weight x age factor on the reckoning day, exact."
    )
    points = serializers.CharField(allow_null=True, help_text="The table's points, exact.")
    counted = serializers.BooleanField(help_text="In part A, or among the best results counted.")
    part_b = serializers.BooleanField()


class SeasonRowSerializer(serializers.Serializer):
    place = serializers.IntegerField(allow_null=True, help_text="None: not ranked yet.")
    place_label = serializers.CharField()
    player = serializers.IntegerField(help_text="The player's id (their page: /players/<id>/).")
    name = serializers.CharField()
    country = serializers.CharField()
    ema_id = serializers.CharField()
    value = serializers.CharField(
        allow_null=True, help_text="The ranking or the points total, exact (e.g. 9163/15)."
    )
    shown = serializers.CharField(help_text="The value as the page shows it (two decimals).")
    part_a = serializers.CharField(allow_null=True)
    part_b = serializers.CharField(allow_null=True)
    results = SeasonResultSerializer(many=True)


class SeasonRankingSerializer(serializers.Serializer):
    season = SeasonSerializer()
    reckoning = serializers.DateField(help_text="The day the season is ranked on.")
    tournaments = SeasonTournamentSerializer(many=True)
    rows = SeasonRowSerializer(many=True)
