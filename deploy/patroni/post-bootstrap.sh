#!/bin/sh
# Patroni runs this once, on the server that creates the cluster, with a superuser's connection
# string: the database TrueNet's app connects to (through PgBouncer and HAProxy).
set -eu
psql "$1" -v ON_ERROR_STOP=1 -c 'CREATE DATABASE truenet'
