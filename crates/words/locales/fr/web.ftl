# namnam web : les pages d'un serveur (docs/web.md). Les noms et les nombres arrivent tels quels ; la page les échappe.

web-site = Nam-nam
web-server-title = { $server } — Nam-nam
web-leaderboard = Classement, saison { $season }
web-leaderboard-ended = Classement final de la saison { $season }
web-nobody-rated = Personne n'a encore joué de partie classée cette saison.
web-col-rank = #
web-col-player = Joueur
web-col-rating = Cote
web-col-games = Parties
web-col-won = Gagnées
web-col-drawn = Nulles
web-col-lost = Perdues
web-col-streak = Série
web-col-points = Points
web-col-played = Jouées
web-rating = { $rating } ± { $spread }
web-provisional = Une cote suivie d'un ? est provisoire : moins de { $games } parties. ± vaut deux fois l'écart de la cote.
web-streak-legend = Série : les derniers résultats à la suite (V gagnées, N nulles, D perdues).
web-streak-win = V{ $count }
web-streak-draw = N{ $count }
web-streak-loss = D{ $count }
web-seasons = Saisons
web-season-link = Saison { $season }
web-season-current = Saison { $season } (en cours)
web-page-previous = Page précédente
web-page-next = Page suivante
web-live = Parties en cours
web-live-none = Aucune partie en cours.
web-match-line = Partie n° { $id } : { $south } – { $north }
web-tournaments = Tournois
web-tournaments-none = Pas encore de tournoi.
web-tournament-line = n° { $id } { $name } ({ $state })
web-state-signup = inscriptions
web-state-running = ronde { $round }
web-state-finished = terminé
web-state-cancelled = annulé
web-back = Retour à la page du serveur
web-player-title = { $player } — Nam-nam
web-player-record = Saison { $season } : cote { $rating }, { $games ->
    [one] { $games } partie
   *[other] { $games } parties
} : { $won ->
    [one] { $won } gagnée
   *[other] { $won } gagnées
}, { $drawn ->
    [one] { $drawn } nulle
   *[other] { $drawn } nulles
}, { $lost ->
    [one] { $lost } perdue
   *[other] { $lost } perdues
}.
web-player-unrated = Pas encore de partie classée dans la saison { $season }.
web-recent = Parties récentes
web-recent-none = Pas encore de partie terminée.
web-match-title = Partie n° { $id } : { $south } – { $north }
web-match-live = Cette partie est en cours : sa relecture, son enregistrement et le verdict de l'ordinateur apparaîtront ici une fois finie.
web-match-aborted = Cette partie a été arrêtée par un admin.
web-step-first = Début
web-step-previous = Précédent
web-step-next = Suivant
web-step-last = Fin
web-step-keys = Les flèches du clavier avancent et reculent aussi.
web-positions = Toutes les positions
web-animation = Voir le coup
web-record = Télécharger l'enregistrement (.nnr)
web-verdict = Le verdict de l'ordinateur
web-standings = Classement
web-terms = { $terms }
web-round = Ronde { $round }
web-withdrawn = s'est retiré
web-game-match = partie n° { $id }
web-not-found-title = Introuvable
web-not-found = Il n'y a pas de page ici. Le lien d'un serveur change quand ses admins en demandent un nouveau, et s'arrête quand ils ferment la page.
web-too-many-title = Trop de requêtes
web-too-many = Trop de requêtes depuis votre adresse : attendez un peu et réessayez.
web-bad-request-title = Requête invalide
web-bad-request = La requête ne dit pas de quel client elle vient.
web-error-title = Un problème est survenu
web-error = Un problème est survenu de notre côté. Réessayez dans un instant.
web-method = Seuls GET et HEAD sont servis ici.
