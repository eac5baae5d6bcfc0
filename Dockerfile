# One image for the api (with the web app) and the agent server; docker-compose.yml picks the command.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY api/package.json api/
COPY tools/package.json tools/
COPY graphs/package.json graphs/
COPY agent-server/package.json agent-server/
COPY web/package.json web/
# tsx runs the TypeScript directly (no build step), so dev dependencies stay in the image.
RUN npm ci --include=dev
COPY . .
RUN if grep -q '"build"' web/package.json; then npm run build --workspace web; fi
EXPOSE 3000 3001
CMD ["npm", "start"]
