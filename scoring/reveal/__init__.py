"""The results reveal on the projector: the final standings shown without their top places,
then those places revealed one by one. `steps` computes what a step shows, `services` move the
reveal (one transaction each), `views` is the director's control page.
"""
