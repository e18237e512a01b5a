//! A maximum-weight matching on a general graph (Edmonds' blossom algorithm), behind one function so that
//! the crate computing it, `integer-blossom`, is named in one place and checked here against brute force.

/// An edge between two vertices, with a weight that must be positive (the solver reads zero as "no edge").
pub(crate) type Edge = (usize, usize, i128);

/// The partner of each of `vertices` vertices in a matching of greatest total weight, `None` for the
/// unmatched. Between two vertices, the last edge given counts.
pub(crate) fn max_weight_matching(vertices: usize, edges: &[Edge]) -> Vec<Option<usize>> {
    // The crate takes the weights as a dense matrix: at 65 vertices (a Swiss field of 64 and the bye) that
    // is 4,225 entries, nothing beside the O(V³) solve. `i128`, because the Swiss weights stack five rules
    // as digits of one number, which outgrows `i64` past about a hundred entrants.
    let mut weights = vec![0_i128; vertices * vertices];
    for &(a, b, weight) in edges {
        debug_assert!(a != b && weight > 0, "edge {a}-{b} of weight {weight}");
        let (low, high) = (a.min(b), a.max(b));
        weights[low * vertices + high] = weight;
    }
    integer_blossom::max_weight_matching(&weights, vertices)
}

#[cfg(test)]
mod tests {
    use super::*;
    use namnam_game::rng::SeededRng;

    /// The greatest total weight of any matching, by trying every one.
    fn brute_force(vertices: usize, weight: &[Vec<i128>]) -> i128 {
        fn best(first: usize, free: &mut Vec<bool>, weight: &[Vec<i128>]) -> i128 {
            let Some(a) = (first..free.len()).find(|&v| free[v]) else {
                return 0;
            };
            free[a] = false;
            // `a` left unmatched…
            let mut top = best(a + 1, free, weight);
            // …or matched to any free neighbour.
            for b in a + 1..free.len() {
                if free[b] && weight[a][b] > 0 {
                    free[b] = false;
                    top = top.max(weight[a][b] + best(a + 1, free, weight));
                    free[b] = true;
                }
            }
            free[a] = true;
            top
        }
        best(0, &mut vec![true; vertices], weight)
    }

    #[test]
    fn agrees_with_brute_force_on_random_graphs() {
        let mut rng = SeededRng::new(18);
        for case in 0..600 {
            let vertices = 1 + case % 10;
            let mut edges = Vec::new();
            for a in 0..vertices {
                for b in a + 1..vertices {
                    // Sparse and dense graphs, and weights that tie often, as pairing weights do.
                    if rng.below(3) > case % 3 {
                        let w = 1 + rng.below(if case % 2 == 0 { 4 } else { 1000 }) as i128;
                        edges.push((a, b, w));
                    }
                }
            }
            let mut weight = vec![vec![0_i128; vertices]; vertices];
            for &(a, b, w) in &edges {
                weight[a][b] = w;
                weight[b][a] = w;
            }
            let mate = max_weight_matching(vertices, &edges);
            let mut total = 0;
            for (a, partner) in mate.iter().enumerate() {
                if let Some(b) = *partner {
                    assert_eq!(mate[b], Some(a), "case {case}: not symmetric");
                    assert!(
                        weight[a][b] > 0,
                        "case {case}: matched along no edge {a}-{b}"
                    );
                    if a < b {
                        total += weight[a][b];
                    }
                }
            }
            assert_eq!(
                total,
                brute_force(vertices, &weight),
                "case {case}: {edges:?}"
            );
        }
    }
}
