# syntax=docker/dockerfile:1

# Build a static binary: modernc.org/sqlite is pure Go, so no cgo is needed.
ARG GO_VERSION=1.26
FROM golang:${GO_VERSION}-alpine AS build
# go.mod may name a newer patch release than the image has: let the go
# command fetch that toolchain.
ENV GOTOOLCHAIN=auto
WORKDIR /src
COPY go.mod go.sum ./
# go.mod replaces two libraries by the copies in third_party (patched).
COPY third_party ./third_party
RUN go mod download
COPY . .
ARG VERSION=dev
# The image is built with the server's and the engines' profile for the
# compiler (docs/development.md, "The compiler's profile"); go run and go
# test build without it.
RUN CGO_ENABLED=0 GOOS=linux go build -trimpath -pgo=cmd/boardroom/boardroom.pgo \
        -ldflags "-s -w -X main.version=${VERSION}" \
        -o /out/boardroom ./cmd/boardroom \
 && mkdir -p /out/data

# The runtime image holds the binary and nothing else; it runs as the
# distroless "nonroot" user (uid 65532), which owns /data.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/boardroom /usr/local/bin/boardroom
COPY --from=build --chown=65532:65532 /out/data /data
USER 65532:65532
VOLUME /data
EXPOSE 2222
ENTRYPOINT ["/usr/local/bin/boardroom", "serve", "--listen", ":2222", "--data", "/data"]
