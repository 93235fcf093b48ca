"""A table's pages for its referee (a table link or a referee account) and the director: the
table and its hand form (`table`), a correction (`correction`), a penalty (`penalty`), and what
each save answers, as a page, as the offline queue's JSON or through the API (`answers`); the
offline copy (`offline`) and the queue's words (`queue_words`).
"""
