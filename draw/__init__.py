"""The draw: the bridge between the database and the pure seating algorithm
(`tournament.seating`), above the standings it reads.

A Swiss session is seated by the standings, and the final of a tournament in stages by the cut
and the final ranking (`scoring`); a registration change after the cut moves the next player up
to the final. So the draw stands above `scoring` and imports what it needs, as a tournament
program's draw manager sits above its results and standings. `planning` computes a draw and its
preview, `writing` writes exactly that draw, `final` seats the final, `registrations` changes a
registration with what it does to the final; the pages are `views` and `registration_views`.
"""
