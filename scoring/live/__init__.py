"""Live pages without hammering the desk: `versions` gives each live page a small version that
the projector and the public standings poll before fetching the page again; `views` answers the
poll.
"""
