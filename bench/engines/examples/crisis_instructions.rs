//! Crisis Protocol's random play through the prompt path, a fixed amount
//! (seeds 1–3, 1 000 actions each), for counting instructions rather than
//! timing them: on a shared machine a criterion time moves with the load,
//! an instruction count does not.
//!
//! ```sh
//! cargo build --release -p backroom-benches --example crisis_instructions
//! valgrind --tool=callgrind target/release/examples/crisis_instructions
//! ```
//!
//! Divide the total (`Ir`) by 3 000 for instructions per action.

fn main() {
    let mut ended = 0;
    for seed in 1..=3 {
        ended += backroom_benches::prompt_steps::<crisis_protocol::Crisis>(
            &crisis_protocol::Options::default(),
            2,
            1_000,
            seed,
        );
    }
    println!("3 000 actions, {ended} matches ended");
}
