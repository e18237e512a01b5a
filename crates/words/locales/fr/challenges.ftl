# Les défis : l'offre et ses conditions, puis son acceptation.

challenge = { $challenger } défie { $challenged } à une partie de Nam-nam : { $terms } ; { $first }. { $challenged } : { $accept } ou { $decline } dans les { $ttl }.
terms-target = objectif { $houses } cases
terms-no-target = sans objectif
terms-rounds = { $rounds ->
    [one] une manche
   *[other] au plus { $rounds } manches
}
terms-no-round-limit = sans limite de manches
terms-clock = { $clock } par coup
terms-endgame-capturer = dernières graines au preneur
terms-endgame-starter = dernières graines à qui a commencé la manche
terms-chain-on = prises en chaîne
terms-chain-off = sans prises en chaîne
first-player = { $name } joue en premier
first-random = le premier joueur est tiré au sort
first-taker = qui accepte joue en premier
challenge-accepted = { $name } accepte. Partie n° { $id } : { $sides }.
challenge-open = { $challenger } propose une partie de Nam-nam à qui veut ici : { $terms } ; { $first }. Le premier à { $accept } joue, dans les { $ttl }.

button-challenge-accept = Accepter
button-challenge-decline = Refuser
button-challenge-cancel = Annuler

challenge-expired = Le défi de { $challenger } à { $challenged } a expiré.
challenge-declined = { $challenged } refuse le défi de { $challenger }.
challenge-withdrawn = { $challenger } retire son défi à { $challenged }.
challenge-open-expired = Le défi ouvert de { $challenger } a expiré.
challenge-open-withdrawn = { $challenger } retire son défi ouvert.

# Un défi préparé depuis le menu d'un membre, que seul son auteur voit tant qu'il n'est pas envoyé.
challenge-draft = Défier { $challenged } au Nam-nam : { $terms } ; { $first }. Changez les conditions avec les boutons, puis appuyez sur Envoyer : { $challenged } ne voit rien d'ici là.
button-draft-rounds = Manches : { $rounds }
button-draft-no-round-limit = Manches : sans limite
button-draft-clock = Temps : { $clock }
button-draft-first-random = Premier : au sort
button-draft-first-me = Premier : moi
button-draft-first-them = Premier : { $name }
button-draft-send = Envoyer
error-not-your-draft = Ce brouillon est celui de quelqu'un d'autre : utilisez le menu d'un membre (Applications → Défier au Nam-nam) pour préparer votre propre défi.
error-only-us-here = Il n'y a que vous et moi dans ces messages privés : personne d'autre ne pourrait répondre à un défi ici. Défiez quelqu'un là où vous êtes tous les deux (le salon d'un serveur, vos messages privés ou un groupe avec lui), ou jouez contre moi ici : { $challenge } avec moi pour adversaire.
