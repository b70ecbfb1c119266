# Multi-stage build: compile in the Rust image, run on Debian slim.
FROM rust:1-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked -p backroom-server

FROM debian:bookworm-slim
RUN useradd -r -u 10001 backroom && mkdir -p /app/data && chown backroom /app/data
WORKDIR /app
COPY --from=build /src/target/release/backroom /usr/local/bin/backroom
COPY web-client /app/web-client
USER backroom
ENV BACKROOM_BIND=0.0.0.0:8080 DATABASE_URL=sqlite:///app/data/backroom.db
EXPOSE 8080
CMD ["backroom", "serve"]
